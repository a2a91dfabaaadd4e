! A library module whose body depends on a macro of its own target (CMake's
! target_compile_definitions(lib PRIVATE FAST)): its declarations do not.
module lib
  implicit none
  real(8) :: a(8)
contains
  subroutine work()
    integer :: i
#if VERBOSE > 1
    print '(A)', 'work: 8 elements'
#endif
    !$omp target teams distribute parallel do map(tofrom: a)
    do i = 1, 8
#ifdef FAST
      a(i) = a(i) * 2d0
#else
      a(i) = a(i) + 2d0
#endif
    end do
  end subroutine work
end module lib
