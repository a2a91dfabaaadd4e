! A complex(4) atomic update in a target region: right on the host, but in
! device code LLVM 22 makes it a libatomic call no device runtime has (the
! link failed naming __atomic_load).
program device_complex_atomic
  implicit none
  complex(4) :: c
  integer :: i
  c = (0.0, 0.0)
  !$omp target teams distribute parallel do map(tofrom: c)
  do i = 1, 100
    !$omp atomic
    c = c + (1.0, 1.0)
  end do
  print *, c
end program
