! Atomics in a parallel loop: update (a histogram), capture (a ticket
! counter handing out distinct slots), write and read.
subroutine atomics(n, k, hist, nb, slots, last, seen)
  implicit none
  integer, intent(in) :: n, nb
  integer, intent(in) :: k(n)
  integer, intent(inout) :: hist(nb), slots(n), last, seen
  integer :: i, b, t, counter
  counter = 0
  !$acc parallel loop copyin(k) copy(hist, counter, last) copyout(slots)
  do i = 1, n
    b = mod(k(i), nb) + 1
    !$acc atomic update
    hist(b) = hist(b) + 1
    !$acc end atomic
    !$acc atomic capture
    t = counter
    counter = counter + 1
    !$acc end atomic
    slots(i) = t
    !$acc atomic write
    last = 7
    !$acc end atomic
  end do
  !$acc serial copy(last, seen)
  !$acc atomic read
  seen = last
  !$acc end atomic
  !$acc end serial
end subroutine atomics
