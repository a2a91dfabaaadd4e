program uses_missing
  use nowhere_mod
end program uses_missing
