! A host call of an OpenMP routine declared EXTERNAL, which another file
! of the program defines (a stub, as in the OpenMP specification's
! appendix): the program's own definition is the one called.
subroutine stub(n)
  integer, intent(out) :: n
  integer, external :: omp_get_max_threads
  n = omp_get_max_threads()
end subroutine
