! OpenMP twin of corpus/flang/acc/acc_private.f90 (same procedure, same
! interface). acc private/firstprivate copies are made on the device and
! nothing is mapped for them. flang-22 lowers neither private nor
! firstprivate on target ("not yet implemented: Unhandled clause ... in
! TARGET construct"), and on a construct inside target it still maps the
! host variable (tofrom) into the target region; so the private variables
! are BLOCK locals inside the region (a fresh copy per iteration, or per
! region), and the firstprivate scalars b and t rely on OpenMP's implicit
! firstprivate for scalars on target.
subroutine priv(n, a, b)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: a(n)
  real, intent(in) :: b
  real :: t
  integer :: i, j

  ! acc parallel firstprivate(b) copy(a) + acc loop gang private(t, work)
  ! -> target teams distribute (gang loop)
  !$omp target teams distribute map(tofrom: a)
  do i = 1, n
    block
      real :: t, work(8)
      do j = 1, 8
        work(j) = b * j
      end do
      t = sum(work)
      a(i) = a(i) + t
    end block
  end do

  ! acc serial firstprivate(t) private(work) -> target (one thread)
  !$omp target
  block
    real :: work(8)
    work(1) = t
  end block
  !$omp end target
end subroutine priv
