! A target region in the main program that emit prints in MLIR's generic
! form (flang-22's printer gives the associate name's entry two types):
! the launch still finds the main program.
program generic_main
  implicit none
  real(8) :: m(4, 5)
  m = 1
  associate (row => m(3, :))
    !$omp target
    row(2:5) = -row(2:5)
    !$omp end target
  end associate
  print '(a,f5.1)', 'sum:', sum(m)
end program
