// A module without a main program: probe.c is the program (--driver).
module {
}
