! Elemental declare target functions, internal (contained) procedures,
! ASSOCIATE and BLOCK in a target region; whole-array assignment, WHERE and
! FORALL in a target region. Expected values are computed on the host.
module omp_kc_mod
  implicit none
contains
  elemental real(8) function ramp(x, k)
    !$omp declare target
    real(8), intent(in) :: x
    integer, intent(in) :: k
    ramp = max(0.0d0, x) * k - min(0.0d0, x)
  end function ramp
end module omp_kc_mod

program omp_kernel_constructs
  use omp_kc_mod
  implicit none
  integer, parameter :: n = 256, m = 8
  real(8) :: a(n), b(n), hb(n), w(m), c(m, m)
  integer :: i, j
  do i = 1, n
    a(i) = dble(i - 128) / 8.0d0
    hb(i) = ramp(a(i), 1) + ramp(-a(i), 2) + ramp(2.0d0 * a(i), 3) &
            + 3.0d0 * twice(ramp(a(i), 3))
  end do
  !$omp target teams distribute parallel do map(to: a) map(from: b)
  do i = 1, n
    associate (v => a(i), r => ramp(a(i), 3))
      block
        real(8) :: t(3)
        integer :: j
        t = ramp([v, -v, 2.0d0 * v], [1, 2, 3])
        do j = 1, 3
          t(j) = t(j) + twice(r)
        end do
        b(i) = sum(t)
      end block
    end associate
  end do
  call check_r('elemental_associate_block', sum(b), sum(hb))
  !$omp target map(to: a) map(from: w, c)
  w(:) = a(1:m) * 2.0d0
  where (w < -30.0d0)
    w = -w
  elsewhere
    w = 0.5d0
  end where
  forall (i = 1:m, j = 1:m, i /= j) c(i, j) = dble(i * 10 + j)
  forall (i = 1:m) c(i, i) = -1.0d0
  !$omp end target
  call check_r('where', sum(w), sum(merge(-2.0d0 * a(1:m), 0.5d0, &
               2.0d0 * a(1:m) < -30.0d0)))
  call check_r('forall', sum(c), dble(sum([(((i * 10 + j) * merge(1, 0, i /= j), &
               i = 1, m), j = 1, m)]) - m))
contains
  real(8) function twice(x)
    real(8), intent(in) :: x
    twice = 2.0d0 * x + 1.0d0
  end function twice
  include 'check.fi'
end program omp_kernel_constructs
