program stop_code
  print *, 'before', 1
  stop 3
end program
