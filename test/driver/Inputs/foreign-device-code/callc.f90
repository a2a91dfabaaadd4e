program callc
  use iso_c_binding, only: c_int
  implicit none
  interface
    integer(c_int) function cadd(a, b) bind(c)
      import :: c_int
      integer(c_int), value :: a, b
    end function
  end interface
  integer :: x
  x = 20
  !$omp target map(tofrom: x)
  x = x + 1
  !$omp end target
  print '(a, i0)', 'sum: ', cadd(x, x)
end program
