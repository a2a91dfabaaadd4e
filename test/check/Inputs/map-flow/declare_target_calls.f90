! A kernel that reads a declare target variable through a procedure it
! calls reads the device's one copy, which no map entry names: a host
! change no `target update to` reaches is lost there too.
module dt_calls
  implicit none
  real :: scale = 1.0
  integer :: hits = 0
  !$omp declare target(scale, hits)
contains
  real function scaled(x)
    !$omp declare target
    real, intent(in) :: x
    scaled = scale * x
  end function
  real function maybe_scaled(x, flag)
    !$omp declare target
    real, intent(in) :: x
    logical, intent(in) :: flag
    maybe_scaled = x
    if (flag) maybe_scaled = scale * x
  end function
  real function counted(x)
    !$omp declare target
    real, intent(in) :: x
    hits = hits + 1
    counted = hits * x
  end function
end module dt_calls

subroutine no_update_to(r)
  use dt_calls
  implicit none
  real, intent(out) :: r
  scale = 5.0
  !$omp target map(from: r)
  r = scaled(2.0)
  !$omp end target
end subroutine no_update_to

subroutine updated(r)
  use dt_calls
  implicit none
  real, intent(out) :: r
  scale = 5.0
  !$omp target update to(scale)
  !$omp target map(from: r)
  r = scaled(2.0)
  !$omp end target
end subroutine updated

subroutine read_under_condition(r, flag)
  use dt_calls
  implicit none
  real, intent(out) :: r
  logical, intent(in) :: flag
  scale = 5.0
  !$omp target map(from: r, flag)
  r = maybe_scaled(2.0, flag)
  !$omp end target
end subroutine read_under_condition

subroutine device_writes_it(r)
  use dt_calls
  implicit none
  real, intent(out) :: r
  hits = 3
  !$omp target map(from: r)
  r = counted(2.0)
  !$omp end target
end subroutine device_writes_it

subroutine host_reads_only(r)
  use dt_calls
  implicit none
  real, intent(out) :: r
  print *, scale
  !$omp target map(from: r)
  r = scaled(2.0)
  !$omp end target
end subroutine host_reads_only

! Mapped `to` by the kernel too: a declare target variable's map moves
! nothing, so the procedure still reads the old copy.
subroutine mapped_to(r)
  use dt_calls
  implicit none
  real, intent(out) :: r
  scale = 6.0
  !$omp target map(to: scale) map(from: r)
  r = scaled(2.0)
  !$omp end target
end subroutine mapped_to

! Read one call deeper.
subroutine through_two(r)
  use dt_calls
  implicit none
  real, intent(out) :: r
  scale = 7.0
  !$omp target map(from: r)
  r = twice_scaled(2.0)
  !$omp end target
contains
  real function twice_scaled(x)
    !$omp declare target
    real, intent(in) :: x
    twice_scaled = 2.0 * scaled(x)
  end function
end subroutine through_two

! A common block: one global for all its members; the host changes one the
! procedure does not read.
subroutine common_members(r)
  implicit none
  real, intent(out) :: r
  real :: ca, cb
  common /blk/ ca, cb
  !$omp declare target(/blk/)
  ca = 8.0
  !$omp target map(from: r)
  r = read_cb()
  !$omp end target
contains
  real function read_cb()
    !$omp declare target
    real :: ca2, cb2
    common /blk/ ca2, cb2
    read_cb = cb2
  end function
end subroutine common_members
