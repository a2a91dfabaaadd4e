! Scalars over 64 bits that a target region uses without a map clause.
! OpenMP: a TARGET scalar and a character variable are mapped tofrom (the
! region's writes come back); any other scalar is firstprivate (the region
! gets its value when the construct is met, and the host's variable keeps
! it). flang-22 maps the wide ones `to` by reference, and cuts a by-copy one
! (`defaultmap(to: scalar)`) to its first 8 bytes.
program wide_scalars
  implicit none
  complex(8), target :: tz
  integer(16), target :: tk
  character(len=16) :: c16
  complex(8) :: z
  integer(16) :: k
  real(10) :: q
  real(8) :: seen(6)
  integer :: round, late
  tz = (1d0, 0d0); tk = 1; c16 = 'abcdefghijklmnop'
  !$omp target
  tz = (9d0, 8d0)
  tk = 7
  c16(16:16) = 'Z'
  !$omp end target
  print '(a,2f4.0,i3,1x,a)', 'tofrom:', real(tz), aimag(tz), int(tk), c16

  z = (1.5d0, 2.5d0); k = 3_16 * 10_16**20; q = 4
  !$omp target map(from: seen)
  seen(1) = real(z); seen(2) = aimag(z)
  seen(3) = real(k / 10_16**20, 8); seen(4) = real(q, 8)
  z = (9d0, 9d0); k = 9; q = 9
  !$omp end target
  print '(a,4f5.1)', 'firstprivate read:', seen(1:4)
  print '(a,2f5.1,i3,f5.1)', 'firstprivate kept:', real(z), aimag(z), &
      int(k / 10_16**20), real(q, 8)

  !$omp target defaultmap(to: scalar) map(from: seen)
  seen(5) = aimag(z); seen(6) = real(k / 10_16**20, 8)
  !$omp end target
  print '(a,2f5.1)', 'defaultmap(to: scalar) read:', seen(5:6)

  ! target nowait: the value when the construct is met, not when it runs.
  late = 0
  do round = 1, 10
    z = (1d0, 0d0)
    !$omp target nowait map(from: seen)
    block
      integer :: i
      real(8) :: s
      s = 0
      do i = 1, 2000000
        s = s + 1d-9 * i
      end do
      seen(1) = real(z) + s * 0
    end block
    !$omp end target
    z = (5d0, 0d0)
    !$omp taskwait
    if (seen(1) /= 1d0) late = late + 1
  end do
  print '(a,i3)', 'nowait rounds with a late value:', late
end program
