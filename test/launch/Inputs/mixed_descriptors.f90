! OpenMP target regions mapping an allocatable and an assumed-shape array in
! a file that also holds OpenACC constructs (one on an allocatable too).
module smooth
  implicit none
contains
  subroutine scale_omp(v, f)
    real(8), intent(inout) :: v(:)
    real(8), intent(in) :: f
    integer :: i
    !$omp target teams distribute parallel do map(tofrom: v)
    do i = 1, size(v)
      v(i) = v(i) * f
    end do
  end subroutine
  subroutine shift_acc(v, d)
    real(8), intent(inout) :: v(:)
    real(8), intent(in) :: d
    integer :: i
    !$acc parallel loop copy(v)
    do i = 1, size(v)
      v(i) = v(i) + d
    end do
  end subroutine
end module

program mixed_descriptors
  use smooth
  implicit none
  type rec
    integer :: n
    real(8), allocatable :: v(:)
  end type
  type(rec) :: r
  integer, parameter :: n = 50
  real(8), allocatable :: a(:)
  real(8) :: s
  integer :: i, k
  allocate(a(n))
  a = 1
  s = 0
  !$omp target teams distribute parallel do reduction(+:s) map(to: a)
  do i = 1, n
    s = s + a(i) * 2
  end do
  call scale_omp(a, 3d0)
  r%n = 3
  allocate(r%v(3)); r%v = 1
  !$omp target map(tofrom: r)
  r%v = r%v + r%n
  !$omp end target
  call shift_acc(a, 0.5d0)
  k = 0
  !$acc serial copy(k)
  k = 7
  !$acc end serial
  print '(a,f6.1,a,i0,a,2f5.1,a,f5.1)', 'sum ', s, ' k ', k, ' a ', a(1), a(n), ' r ', r%v(3)
end program
