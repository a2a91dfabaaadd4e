! A module whose .mod file is a link out of the project.
program usemod
  use leak
end program
