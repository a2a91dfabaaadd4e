! OpenACC 3.3 firstprivate of an array section.
program acc_firstprivate_section
  implicit none
  integer, parameter :: n = 40
  integer :: b(n), w(10), i
  w = [(i * 10, i = 1, 10)]
  b = 0
  !$acc parallel loop firstprivate(w(3:6)) copy(b)
  do i = 1, n
    b(i) = w(3 + mod(i, 4))
  end do
  call check_i('firstprivate_section', sum(b), (30 + 40 + 50 + 60) * n / 4)
  ! The copy is private: a write to it leaves the host's array alone.
  b = 0
  !$acc serial firstprivate(w(3:6)) copy(b)
  w(4) = -1
  b(1) = w(4) + w(5)
  !$acc end serial
  call check_i('firstprivate_section_private', b(1) * 1000 + w(4), 49 * 1000 + 40)
contains
  include 'check.fi'
end program acc_firstprivate_section
