! The report, in a submodule of ops.
submodule (ops) ops_report
  implicit none
contains
  module subroutine report(steps)
    integer, intent(in) :: steps
    real(8) :: total
    call grid_fetch()
    total = sum(u)
    ! sum(i, 1..nx) * 0.5 * steps
    if (abs(total - 0.5d0 * steps * nx * (nx + 1) / 2) < 1d-9) then
      print '(a,f10.1)', 'PASSED', total
    else
      print '(a,f10.1)', 'FAILED', total
    end if
  end subroutine report
end submodule ops_report
