! OpenACC 3.3 declare: module variables with declare create/copyin and
! device_resident, update of declared data, a routine reading declared data.
module acc_declare_mod
  implicit none
  integer, parameter :: n = 32
  integer :: table(n)
  !$acc declare create(table)
  integer :: scale = 3
  !$acc declare copyin(scale)
  real(8) :: work(n)
  !$acc declare device_resident(work)
contains
  subroutine fill_table()
    integer :: i
    !$acc parallel loop present(table)
    do i = 1, n
      table(i) = scale * i
    end do
  end subroutine fill_table

  integer function lookup(i)
    !$acc routine seq
    integer, value :: i
    lookup = table(i)
  end function lookup
end module acc_declare_mod

program acc_declare
  use acc_declare_mod
  implicit none
  integer :: out(n), i
  !$acc update device(scale)
  call fill_table()
  !$acc update self(table)
  call check_i('module_create', sum(table), 3 * n * (n + 1) / 2)

  !$acc parallel loop copyout(out)
  do i = 1, n
    out(i) = lookup(i) + 1
  end do
  call check_i('routine_reads_declared', sum(out), 3 * n * (n + 1) / 2 + n)

  !$acc parallel loop present(work) copyout(out)
  do i = 1, n
    work(i) = real(i, 8)
    out(i) = int(work(i)) * 2
  end do
  call check_i('device_resident', sum(out), n * (n + 1))

contains
  include 'check.fi'
end program acc_declare
