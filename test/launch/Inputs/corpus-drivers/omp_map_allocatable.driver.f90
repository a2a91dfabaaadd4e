! Driver for corpus/flang/omp/omp_map_allocatable: alloc_map prints
! sum(v) and counter itself (5*n and n); the test checks that line.
program main
  implicit none
  call alloc_map(10)
  call alloc_map(1000)
end program main
