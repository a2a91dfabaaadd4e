! Integer kinds 1/2/8 with wrap-around, and bit intrinsics (ishft, ibits,
! popcnt, leadz, trailz, btest, iand/ior/ieor) in a target region; expected
! values are the same expressions evaluated on the host.
program omp_int_kinds_bits
  implicit none
  integer, parameter :: n = 512
  integer(1) :: a1(n), h1(n)
  integer(2) :: a2(n), h2(n)
  integer(8) :: a8(n), h8(n)
  integer :: b(n), hb(n), i
  !$omp target teams distribute parallel do map(from: a1, a2, a8, b)
  do i = 1, n
    a1(i) = int(i, 1) * 3_1 + 100_1
    a2(i) = int(i, 2) * 300_2 + 30000_2
    a8(i) = int(i, 8) * 9000000000000000_8 + ishft(-int(i, 8), -3)
    b(i) = popcnt(i * 2654435761_8) + leadz(int(i, 2)) + trailz(int(i, 8) * 1024) &
           + merge(1, 0, btest(i, 3)) + iand(i * 37, 255) + ior(i, 4096) &
           + ieor(i, 21845) + ibits(i * 12345, 3, 7) + ishftc(i, 5, 12)
  end do
  do i = 1, n
    h1(i) = int(i, 1) * 3_1 + 100_1
    h2(i) = int(i, 2) * 300_2 + 30000_2
    h8(i) = int(i, 8) * 9000000000000000_8 + ishft(-int(i, 8), -3)
    hb(i) = popcnt(i * 2654435761_8) + leadz(int(i, 2)) + trailz(int(i, 8) * 1024) &
            + merge(1, 0, btest(i, 3)) + iand(i * 37, 255) + ior(i, 4096) &
            + ieor(i, 21845) + ibits(i * 12345, 3, 7) + ishftc(i, 5, 12)
  end do
  call check_i8('int1_wraps', sum(int(a1, 8)), sum(int(h1, 8)))
  call check_i8('int2_wraps', sum(int(a2, 8)), sum(int(h2, 8)))
  call check_i8('int8_wraps', sum(a8 / 1024), sum(h8 / 1024))
  call check_i('bit_intrinsics', sum(b), sum(hb))
contains
  include 'check.fi'
end program omp_int_kinds_bits
