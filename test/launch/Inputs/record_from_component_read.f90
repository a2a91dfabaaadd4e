! One component of a module record mapped from; the region also reads
! another component (which the clause leaves to the implicit map of the
! record: tofrom as a whole).
module record_from_component_read_mod
  implicit none
  type rec
    integer :: n
    real(8) :: w(4)
  end type
  type(rec) :: lp
end module
program record_from_component_read
  use record_from_component_read_mod
  implicit none
  lp%n = 1
  lp%w = 2
  !$omp target map(from: lp%n)
    lp%n = int(lp%w(1)) + 40
  !$omp end target
  print '(a, i4, 4f5.1)', 'from lp%n, lp%w read:', lp%n, lp%w
end program
