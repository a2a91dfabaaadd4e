int work(void);
#import "../secret.h"
int main(void) { return work() - 7; }
