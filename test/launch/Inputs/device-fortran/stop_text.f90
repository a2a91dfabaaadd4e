program stop_text
  print *, 'before', 1
  stop 'all done'
end program
