! A record with an allocatable component mapped with it, and one array
! mapped in two sections on one directive: each clause item's hover is its
! own map.
program record_dup_hover
  implicit none
  type :: pt
    integer :: k
    real, allocatable :: w(:)
  end type
  type(pt) :: p
  real :: a(10)
  integer :: m, n
  integer, parameter :: half = 5
  m = 4; n = 10
  allocate(p%w(3))
  p%k = 1; p%w = 0; a = 1
  !$omp target map(to: p) map(from: p%w)
  p%w(1) = p%k
  !$omp end target
  !$omp target enter data map(to: a(1:m)) map(alloc: a(m+1:n))
  !$omp target exit data map(from: a(1:m)) map(release: A(M + 1:n))
  !$omp target enter data map(to: a(1:half)) map(alloc: a(half+1:n))
  !$omp target exit data map(delete: a(1:half), a(half+1:n))
  print *, p%w(1), a(1)
end program
