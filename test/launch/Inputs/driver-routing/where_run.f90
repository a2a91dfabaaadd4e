! Its target region is in an include file found through -Iinc only.
subroutine where_run(onhost)
  use omp_lib
  implicit none
  logical, intent(out) :: onhost
  include 'where_region.inc'
end subroutine
