! An array (by-reference) reduction across teams: LLVM 22.1.8 declares 8-byte
! team reduction records (ReductionDataSize) for 32-byte ones.
program gpu_array_reduction
  implicit none
  integer :: hist(8), i
  hist = 0
  !$omp target teams distribute parallel do reduction(+:hist) map(tofrom: hist)
  do i = 1, 100000
    hist(mod(i, 8) + 1) = hist(mod(i, 8) + 1) + 1
  end do
  print '(8i7)', hist
end program gpu_array_reduction
