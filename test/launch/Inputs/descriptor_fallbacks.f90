! Host fallbacks next to descriptor copies: a region's fallback runs on the
! host's own descriptors (what it does to them stays), inside an active
! parallel region (if(dev) false, or OMP_TARGET_OFFLOAD=DISABLED) and for a
! literal if(.false.), which launches nothing and maps nothing.
module fbops
  implicit none
contains
  subroutine reassociate(a, b, dev, bad)
    real(8), target :: a(:), b(:)
    logical, intent(in) :: dev
    integer, intent(inout) :: bad
    real(8), pointer :: p(:)
    real(8), allocatable :: q(:)
    p => a
    allocate(q(3))
    !$omp target if(dev) map(tofrom: p, q)
    p => b
    deallocate(q)
    allocate(q(7))
    q = 9
    !$omp end target
    if (.not. associated(p, b)) bad = bad + 1
    if (size(q) /= 7) bad = bad + 1
  end subroutine
end module

program fallbacks
  use fbops
  implicit none
  real(8), target :: a(10), b(20)
  real(8), pointer :: p(:)
  integer :: bad, k
  bad = 0
  !$omp parallel num_threads(2) reduction(+:bad)
  call reassociate(a, b, .false., bad)
  !$omp end parallel
  do k = 1, 1000
    p => a
    !$omp target if(.false.) map(tofrom: p)
    p => b
    !$omp end target
    if (.not. associated(p, b)) bad = bad + 1
  end do
  if (bad == 0) then
    print *, 'PASS'
  else
    print *, 'FAIL', bad
  end if
end program
