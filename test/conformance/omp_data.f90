! OpenMP 5.2 unstructured data: target enter data (to, alloc), target exit
! data (from, release, delete), target update to/from with sections, if(),
! reference counts, use_device_addr.
program omp_data
  implicit none
  integer, parameter :: n = 50
  integer :: a(n), b(n), i
  logical :: on
  a = [(i, i = 1, n)]
  b = 0
  !$omp target enter data map(to: a) map(alloc: b)
  !$omp target
  do i = 1, n
    b(i) = a(i) * 2
  end do
  !$omp end target
  !$omp target exit data map(from: b) map(release: a)
  call check_i('enter_exit', sum(b), n * (n + 1))

  b = 1
  !$omp target enter data map(to: b)
  b = 4
  !$omp target update to(b)
  !$omp target
  do i = 1, n
    b(i) = b(i) + i
  end do
  !$omp end target
  !$omp target update from(b)
  call check_i('update_to_from', sum(b), 4 * n + n * (n + 1) / 2)
  !$omp target
  do i = 1, n
    b(i) = 0
  end do
  !$omp end target
  !$omp target update from(b(1:10))
  call check_i('update_section', sum(b(1:10)), 0)
  !$omp target exit data map(delete: b)

  ! if(.false.) on enter/exit: nothing mapped; the target maps its own.
  on = .false.
  b = 0
  !$omp target enter data map(to: b) if(on)
  !$omp target map(tofrom: b)
  do i = 1, n
    b(i) = 3
  end do
  !$omp end target
  !$omp target exit data map(from: b) if(on)
  call check_i('if_false', sum(b), 3 * n)

  ! Two references: the first exit only decrements.
  b = 0
  !$omp target enter data map(to: b)
  !$omp target enter data map(to: b)
  !$omp target
  do i = 1, n
    b(i) = 6
  end do
  !$omp end target
  !$omp target exit data map(release: b)
  !$omp target exit data map(from: b)
  call check_i('refcount', sum(b), 6 * n)

  ! use_device_addr: the device address, passed on as is_device_ptr.
  b = 1
  !$omp target data map(tofrom: b)
  !$omp target data use_device_addr(b)
  call bump(b, n)
  !$omp end target data
  !$omp end target data
  call check_i('use_device_addr', sum(b), 11 * n)
contains
  subroutine bump(d, m)
    use iso_c_binding, only: c_loc, c_ptr, c_f_pointer
    integer, intent(in) :: m
    integer, target :: d(m)
    type(c_ptr) :: p
    integer, pointer :: q(:)
    integer :: j
    p = c_loc(d)
    !$omp target is_device_ptr(p)
    call c_f_pointer(p, q, [m])
    do j = 1, m
      q(j) = q(j) + 10
    end do
    !$omp end target
  end subroutine bump
  include 'check.fi'
end program omp_data
