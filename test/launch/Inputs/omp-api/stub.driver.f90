integer function omp_get_max_threads()
  omp_get_max_threads = 42
end function

program main
  integer :: n
  call stub(n)
  print '(a, i0)', 'own definition: ', n
end program
