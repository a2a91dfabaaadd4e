program error_stop_text
  print *, 'before', 1
  error stop 'bad value'
end program
