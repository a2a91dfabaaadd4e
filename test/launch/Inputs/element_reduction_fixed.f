C     Fixed form: blanks mean nothing, so these directives name the
C     element reduction and the common block copyin the free-form scan
C     refuses, run together or split across a continuation.
      program elfix
      integer a(2), i
      common /t1/ tv
      integer tv, ts
!$omp threadprivate(/t1/, ts)
      a = 100
C$OMP PARALLELDOREDUCTION(+:A(1))
      do i = 1, 4
        a(1) = a(1) + 1
        a(2) = 5
      end do
C$OMP PARALLEL DO RE
C$OMP+DUCTION(+:A(1))
      do i = 1, 4
        a(1) = a(1) + 1
      end do
!$omp parallelcopyin(/t1/,ts)
      tv = tv + ts
!$omp end parallel
      print *, a, tv
      end
