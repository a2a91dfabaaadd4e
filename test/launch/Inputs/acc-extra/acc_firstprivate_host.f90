! Firstprivates acc-to-omp does not lower (run-time sizes, allocatables,
! sections) on host fallback: each whole array gets its copy from the
! recipe (and its destroy region frees it); a section is left to upstream,
! with a warning.
subroutine fp_shape(w)
  implicit none
  real, intent(inout) :: w(:)
  !$acc serial firstprivate(w)
  w(2) = 99.0
  !$acc end serial
end subroutine fp_shape

subroutine fp_alloc(w)
  implicit none
  real, allocatable, intent(inout) :: w(:)
  !$acc serial firstprivate(w)
  w(2) = 99.0
  !$acc end serial
end subroutine fp_alloc

subroutine fp_n(n, w)
  implicit none
  integer, intent(in) :: n
  real, intent(inout) :: w(n)
  integer :: i
  !$acc parallel loop firstprivate(w)
  do i = 1, n
    w(i) = 99.0
  end do
end subroutine fp_n

subroutine fp_section(w)
  implicit none
  real, intent(inout) :: w(4)
  !$acc serial firstprivate(w(2:3))
  w(2) = 99.0
  !$acc end serial
end subroutine fp_section
