! OpenACC 3.3 on a derived type's allocatable members: enter data of the
! parent then of its members, a collapse(3) gang vector loop with a private
! array, several reductions at once (+ on real and integer, max, min) on a
! collapse(3) loop, update device of a member, a serial region reading
! members, exit data copyout/delete of members. Expectations from the same
! loops on the host.
module acc_derived_members_m
  implicit none
  type state
    integer :: nx, ny, nz
    real(8), allocatable :: t(:,:,:)
    real(8), allocatable :: src(:)
  end type
end module

program acc_derived_members
  use acc_derived_members_m
  implicit none
  type(state) :: s
  real(8), allocatable :: e(:,:,:), esrc(:)
  integer :: i, j, k, l, nhot, enhot
  real(8) :: tmp(3), tsum, tmax, tmin, esum, emax, emin
  s%nx = 12; s%ny = 9; s%nz = 6
  allocate(s%t(s%nx, s%ny, s%nz), s%src(s%nz))
  do k = 1, s%nz
    s%src(k) = dble(k) * 0.3d0
  end do
  s%t = 1.0d0
  allocate(e, source=s%t)
  allocate(esrc, source=s%src)
  !$acc enter data copyin(s)
  !$acc enter data copyin(s%t, s%src)
  !$acc parallel loop gang vector collapse(3) private(tmp) present(s)
  do k = 1, s%nz
    do j = 1, s%ny
      do i = 1, s%nx
        do l = 1, 3
          tmp(l) = dble(i * l + j - k)
        end do
        s%t(i, j, k) = s%t(i, j, k) + tmp(1) * 0.01d0 + tmp(3) * s%src(k)
      end do
    end do
  end do
  do k = 1, s%nz
    do j = 1, s%ny
      do i = 1, s%nx
        e(i, j, k) = e(i, j, k) + dble(i + j - k) * 0.01d0 + &
                     dble(3 * i + j - k) * esrc(k)
      end do
    end do
  end do

  tsum = 0; tmax = -1.0d30; tmin = 1.0d30; nhot = 0
  !$acc parallel loop collapse(3) reduction(+: tsum, nhot) reduction(max: tmax) &
  !$acc   reduction(min: tmin) present(s)
  do k = 1, s%nz
    do j = 1, s%ny
      do i = 1, s%nx
        tsum = tsum + s%t(i, j, k)
        tmax = max(tmax, s%t(i, j, k))
        tmin = min(tmin, s%t(i, j, k))
        if (s%t(i, j, k) > 20.0d0) nhot = nhot + 1
      end do
    end do
  end do
  esum = sum(e); emax = maxval(e); emin = minval(e); enhot = count(e > 20.0d0)
  call check_r('collapse3_private_sum', tsum, esum)
  call check_r('collapse3_max', tmax, emax)
  call check_r('collapse3_min', tmin, emin)
  call check_i('collapse3_count', nhot, enhot)

  s%src = -s%src
  esrc = -esrc
  !$acc update device(s%src)
  !$acc serial present(s)
  do k = 1, s%nz
    s%t(1, 1, k) = s%t(1, 1, k) + s%src(k) * 100
  end do
  !$acc end serial
  do k = 1, s%nz
    e(1, 1, k) = e(1, 1, k) + esrc(k) * 100
  end do
  !$acc exit data copyout(s%t) delete(s%src)
  !$acc exit data delete(s)
  call check_r('member_update_serial', maxval(abs(s%t - e)), 0.0d0)
contains
  include 'check.fi'
end program acc_derived_members
