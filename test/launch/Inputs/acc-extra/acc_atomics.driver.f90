! Driver for acc-extra/acc_atomics: the histogram counts every k once, the
! captured tickets are a permutation of 0..n-1, and the written value is
! read back.
program main
  implicit none
  integer, parameter :: n = 500, nb = 7
  integer :: k(n), hist(nb), slots(n), last, seen, i, ref(nb)
  logical :: used(0:n-1)
  do i = 1, n
    k(i) = mod(i * 31, 97)
  end do
  hist = 0
  ref = 0
  do i = 1, n
    ref(mod(k(i), nb) + 1) = ref(mod(k(i), nb) + 1) + 1
  end do
  last = 0
  seen = -1
  call atomics(n, k, hist, nb, slots, last, seen)
  call check('update', count(hist /= ref))
  used = .false.
  do i = 1, n
    if (slots(i) >= 0 .and. slots(i) < n) used(slots(i)) = .true.
  end do
  call check('capture', count(.not. used))
  call check('write and read', merge(0, 1, last == 7 .and. seen == 7))
contains
  include '../corpus-drivers/check.fi'
end program main
