program stop_plain
  print *, 'before', 1
  stop
end program
