program error_stop_code
  print *, 'before', 1
  error stop 5
end program
