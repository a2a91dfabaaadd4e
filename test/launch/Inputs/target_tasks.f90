! Tasks in target regions (tasks, taskwait, taskgroup, if(.false.), nested
! tasks, a task with depend in a procedure the region calls) and ordered
! regions of a target parallel do: host-offload's serial runtime runs each
! task when it is created.
module target_tasks_m
contains
  subroutine chain(x, trace, n)
    !$omp declare target
    integer :: x, trace(8), n
    !$omp task depend(out: x) shared(x, trace, n)
    x = 5
    n = n + 1
    trace(n) = 1
    !$omp end task
    !$omp task depend(in: x) shared(x, trace, n)
    x = x * 3
    n = n + 1
    trace(n) = 2
    !$omp end task
    !$omp taskwait
  end subroutine
end module

program target_tasks
  use target_tasks_m
  implicit none
  integer :: i, total, x, n, trace(8), seq(40)
  total = 0; x = 0; n = 0; trace = 0; seq = 0
  !$omp target map(tofrom: total, x, n, trace)
  !$omp parallel num_threads(2)
  !$omp single
  do i = 1, 10
    !$omp task firstprivate(i) shared(total)
    !$omp atomic
    total = total + i
    !$omp task firstprivate(i) shared(total)
    !$omp atomic
    total = total + 100 * i
    !$omp end task
    !$omp end task
  end do
  !$omp taskwait
  !$omp taskgroup
  !$omp task if(.false.) shared(n, trace)
  n = n + 1
  trace(n) = 9
  !$omp end task
  !$omp end taskgroup
  call chain(x, trace, n)
  !$omp end single
  !$omp end parallel
  !$omp end target
  print '(a,i0,a,i0,a,8i2)', 'total=', total, ' x=', x, ' trace=', trace(1:n)

  i = 0
  !$omp target parallel do ordered map(tofrom: seq, i)
  do n = 1, 40
    !$omp ordered
    i = i + 1
    seq(n) = i
    !$omp end ordered
  end do
  print '(a,l1)', 'ordered=', all(seq == [(n, n = 1, 40)])
end program
