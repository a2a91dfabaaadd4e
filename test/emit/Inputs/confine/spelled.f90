! INCLUDE spellings flang accepts that a scan of the source may not
! expect: a kind prefix on the name, a blank inside the keyword. The file
! named is outside the project.
program spelled
  implicit none
  include 1_'../../outside/secret.inc'
  in clude '../../outside/secret.inc'
end program
