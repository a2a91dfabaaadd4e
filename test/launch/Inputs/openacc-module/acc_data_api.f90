! The OpenACC data routines on acc-to-omp's present table: each routine's
! effect, and its reference counts shared with the directives.
program acc_data_api
  use openacc
  use, intrinsic :: iso_c_binding
  implicit none
  real, target :: a(100), b(10), c(20), w(8)
  real(8) :: s(4, 5)
  integer :: i, j
  type(c_ptr) :: d
  a = 1
  call acc_copyin(a)
  a = 5
  !$acc parallel loop present(a)
  do i = 1, 100
    a(i) = 2 * a(i)
  end do
  print '(a,f4.0)', 'host copy after the kernel: ', a(1)
  call acc_update_self(a)
  print '(a,f4.0)', 'after acc_update_self:      ', a(1)
  a = 7
  call acc_update_device(a)
  call acc_copyout(a)
  print '(a,f4.0,l2)', 'after acc_copyout:          ', a(1), acc_is_present(a)

  ! Dynamic counts: two copyins need two copyouts.
  b = 1
  call acc_copyin(b)
  call acc_pcopyin(b)
  call acc_copyout(b)
  print '(a,l2)', 'present after 2 copyin, 1 copyout: ', acc_is_present(b)
  call acc_copyout(b)
  print '(a,l2)', 'present after the second copyout:  ', acc_is_present(b)
  ! A data construct's structured count: copyout with no dynamic count
  ! does nothing.
  !$acc data copy(b)
  call acc_copyout(b)
  print '(a,l2)', 'present in data after copyout:     ', acc_is_present(b)
  !$acc end data
  ! finalize: all of the dynamic count at once.
  call acc_create(b)
  call acc_create(b)
  call acc_copyin(b)
  call acc_delete_finalize(b)
  print '(a,l2)', 'present after delete_finalize:     ', acc_is_present(b)

  ! enter data by directive, exit by routine (and the reverse).
  c = 3
  !$acc enter data copyin(c)
  !$acc parallel loop present(c)
  do i = 1, 20
    c(i) = c(i) + i
  end do
  call acc_copyout(c)
  print '(a,2f5.0,l2)', 'directive in, routine out: ', c(1), c(20), &
      acc_is_present(c)
  call acc_copyin(c)
  !$acc parallel loop present(c)
  do i = 1, 20
    c(i) = -c(i)
  end do
  !$acc exit data copyout(c)
  print '(a,2f5.0,l2)', 'routine in, directive out: ', c(1), c(20), &
      acc_is_present(c)

  ! A section and a byte count.
  a = 0
  call acc_copyin(a(11:20))
  print '(a,3l2)', 'a(11:20) present; a(10), a(21): ', &
      acc_is_present(a(11:20)), acc_is_present(a(10)), acc_is_present(a(21))
  call acc_delete(a(11:20))
  call acc_copyin(w, 16)
  print '(a,2l2)', 'w(1:4) present, w(5): ', acc_is_present(w(1:4)), &
      acc_is_present(w(5))
  call acc_delete(w, 16_8)
  ! A 2-D array, whole.
  s = 2
  call acc_copyin(s)
  !$acc parallel loop collapse(2) present(s)
  do i = 1, 5
    do j = 1, 4
      s(j, i) = s(j, i) * j
    end do
  end do
  call acc_copyout(s)
  print '(a,2f5.0)', 's(4,5), s(1,1): ', s(4, 5), s(1, 1)

  ! Device memory of the program's own: acc_malloc, acc_map_data,
  ! acc_memcpy_*.
  w = [(real(i), i = 1, 8)]
  d = acc_malloc(int(storage_size(w) / 8 * 8, c_size_t))
  print '(a,l2)', 'acc_malloc gave memory: ', c_associated(d)
  call acc_memcpy_to_device(d, w, 32)
  call acc_map_data(w, d, int(32, c_size_t))
  print '(a,l2,l2)', 'mapped: present, deviceptr is it: ', acc_is_present(w), &
      c_associated(acc_deviceptr(w), d)
  !$acc parallel loop present(w)
  do i = 1, 8
    w(i) = w(i) * 10
  end do
  call acc_unmap_data(w)
  print '(a,l2)', 'unmapped: present: ', acc_is_present(w)
  w = 0
  call acc_memcpy_from_device(w, d, int(32, c_size_t))
  print '(a,8f5.0)', 'w from the device: ', w
  call acc_free(d)
  print '(a,l2)', 'deviceptr of absent data is null: ', &
      .not. c_associated(acc_deviceptr(w))
end program acc_data_api
