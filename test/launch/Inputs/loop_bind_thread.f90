! `loop bind(thread)`: every thread that meets the loop runs all of its
! iterations. 4 threads counting 10 iterations count 40. flang-22 lowers
! one nested in a parallel construct as a worksharing loop (the team shares
! the iterations: 10); an orphaned one, in a procedure the parallel region
! calls, becomes a simd loop (40, right). NESTED selects the first.
program loop_bind_thread
  implicit none
  integer :: i, cnt
  cnt = 0
#ifdef NESTED
  !$omp parallel num_threads(4) reduction(+:cnt)
  !$omp loop bind(thread)
  do i = 1, 10
    cnt = cnt + 1
  end do
  !$omp end parallel
#else
  !$omp parallel num_threads(4)
  call count_all(cnt)
  !$omp end parallel
#endif
  print '(a,i0)', 'count=', cnt
contains
  subroutine count_all(c)
    integer :: c, j, k
    k = 0
    !$omp loop bind(thread)
    do j = 1, 10
      k = k + 1
    end do
    !$omp atomic
    c = c + k
  end subroutine
end program
