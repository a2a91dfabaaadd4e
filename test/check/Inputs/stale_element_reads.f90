! The host changes a(3) of a present array. Each kernel writes a(1)
! first (its first access is a write), then reads: the first reads the
! unchanged a(2) and the changed a(3), which it never writes (the old
! device value); the second writes a(3) before reading it (right).
subroutine later_read(s)
  implicit none
  real :: a(8), s
  a = 1.0
  !$omp target enter data map(to: a)
  a(3) = 5.0
  !$omp target map(from: s)
  a(1) = 0.0
  s = a(2)
  s = s + a(3)
  !$omp end target
  !$omp target exit data map(delete: a)
end subroutine

subroutine overwritten(s)
  implicit none
  real :: a(8), s
  a = 1.0
  !$omp target enter data map(to: a)
  a(3) = 5.0
  !$omp target map(from: s)
  a(1) = 0.0
  a(3) = 2.0
  s = a(3) + a(2)
  !$omp end target
  !$omp target exit data map(delete: a)
end subroutine
