program main
  use iso_c_binding
  use phys_consts
  use phys_ops
  implicit none
  interface
    function c_weighted_sum(a, n) bind(c, name='c_weighted_sum') result(s)
      import :: c_double, c_int
      real(c_double), intent(in) :: a(*)
      integer(c_int), value :: n
      real(c_double) :: s
    end function c_weighted_sum
    subroutine c_fill(a, n) bind(c, name='c_fill')
      import :: c_double, c_int
      real(c_double), intent(out) :: a(*)
      integer(c_int), value :: n
    end subroutine c_fill
  end interface
  integer, parameter :: n = 5000
  real(8) :: a(n)
  call c_fill(a, n)
  gain = 0.75d0
  nsteps = 3
  !$omp target update to(gain, nsteps)
  call evolve(a, n)
  print '(A,F22.8)', 'checksum ', c_weighted_sum(a, n)
end program main
