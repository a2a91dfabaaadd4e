! OpenACC compute regions whose loops leave early (exit, cycle): flang
! makes their bodies unstructured (several blocks). Each result is
! compared with the same loops run without OpenACC.
module exit_cycle_ref
contains
  integer function ref_sum(a, n)
    integer :: n, a(n), b(n), i, j
    b = a
    ref_sum = 0
    do i = 1, n
      if (mod(i, 3) == 0) cycle
      do j = 1, 10
        if (j > 4) exit
        b(i) = b(i) + j
      end do
      ref_sum = ref_sum + b(i)
    end do
  end function
end module

program acc_exit_cycle
  use exit_cycle_ref
  implicit none
  integer, parameter :: n = 100
  integer :: a(n), i, j, s, first, ref_first, hits, ref_hits, k
  ! (flang-22 itself refuses an unstructured DO loop in a kernels region:
  ! "not yet implemented: unstructured do loop in acc kernels".)
  do i = 1, n
    a(i) = mod(i * 37, 101)
  end do

  ! A parallel loop: cycle in its body, exit from an inner loop.
  s = 0
  !$acc parallel loop copyin(a) reduction(+:s) private(j)
  do i = 1, n
    if (mod(i, 3) == 0) cycle
    k = a(i)
    do j = 1, 10
      if (j > 4) exit
      k = k + j
    end do
    s = s + k
  end do
  call report('parallel loop cycle/exit', s, ref_sum(a, n))

  ! A serial region searching with exit.
  ref_first = 0
  do i = 1, n
    if (a(i) > 90) then
      ref_first = i
      exit
    end if
  end do
  first = 0
  !$acc serial copy(first) copyin(a)
  do i = 1, n
    if (a(i) > 90) then
      first = i
      exit
    end if
  end do
  !$acc end serial
  call report('serial search exit', first, ref_first)

  ! The same with if(): on a device, if(.false.) runs a host copy.
  do k = 1, 2
    first = 0
    !$acc serial if(k == 1) copy(first) copyin(a)
    do i = 1, n
      if (a(i) > 90) then
        first = i
        exit
      end if
    end do
    !$acc end serial
    call report('serial search exit, if', first, ref_first)
  end do

  ! A parallel region (no loop directive) with a do while and cycle, inside
  ! a Fortran DO and IF around the construct.
  ref_hits = 0
  do k = 1, 3
    if (k /= 2) then
      i = 0
      do while (i < n)
        i = i + 1
        if (mod(a(i), k + 1) /= 0) cycle
        ref_hits = ref_hits + 1
      end do
    end if
  end do
  hits = 0
  do k = 1, 3
    if (k /= 2) then
      !$acc parallel num_gangs(1) copy(hits) copyin(a)
      i = 0
      do while (i < n)
        i = i + 1
        if (mod(a(i), k + 1) /= 0) cycle
        hits = hits + 1
      end do
      !$acc end parallel
    end if
  end do
  call report('parallel region do while/cycle in DO and IF', hits, ref_hits)

contains
  subroutine report(what, got, want)
    character(*) :: what
    integer :: got, want
    if (got == want) then
      print '(a, ": ", i0, " ok")', what, got
    else
      print '(a, ": ", i0, " FAIL (want ", i0, ")")', what, got, want
    end if
  end subroutine
end program
