! Driver for corpus/flang/acc/acc_declare: use_globals reads the module
! globals gtable (declare create) and gscale (declare copyin) in a parallel
! loop with copyout(out); their device copies are set from the host first
! through the mapping table (OpenACC's update device; nothing to do under
! host fallback). local_declare adds 1 to a (declare copy(a)).
program main
  use acc_globals
  use omp_lib
  use iso_c_binding
  implicit none
  integer, parameter :: n = 120
  real :: out(n), ref(n), a(n)
  integer :: i

  gtable = [(real(i), i = 1, 100)]
  gscale = 2.0
  call write_device(loc(gtable), 400)
  call write_device(loc(gscale), 4)
  ref = [(real(mod(i, 100) + 1) * 2.0, i = 1, n)]
  out = -1.0
  call label('out', loc(out), 4 * n)
  call label('gtable', loc(gtable), 400)
  call label('gscale', loc(gscale), 4)
  call use_globals(n, out)
  call check('use_globals', count(out /= ref) + merge(1, 0, allocated(gdyn)))

  a = [(real(i), i = 1, n)]
  call label('a', loc(a), 4 * n)
  call local_declare(n, a)
  call check('local_declare', count(a /= [(real(i + 1), i = 1, n)]))
contains
  include 'check.fi'
  include 'names.fi'
  include 'devcopy.fi'
end program main
