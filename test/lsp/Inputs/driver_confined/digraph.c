int work(void);
%:include "../secret.h"
int main(void) { return work() - 7; }
