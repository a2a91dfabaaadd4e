int work(void);
int main(void) { return work() - 7; }
