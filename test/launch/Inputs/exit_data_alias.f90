! Exit data whose items lie in one device copy: libomptarget releases them
! one by one, in reverse, and copies an item back only where its own
! release ends the copy.
program exit_data_alias
  implicit none
  call a_from_p_a()
  call b_release_p_from_a()
  call c_from_a_delete_p()
  call d_two_sections()
  call e_scalar_pointer()
contains
  subroutine report(tag, ok)
    character(*), intent(in) :: tag
    logical, intent(in) :: ok
    print '(a, ": ", a)', tag, merge('PASS', 'FAIL', ok)
  end subroutine

  ! a and p => a(2:5) entered apart: p's release ended the copy and
  ! copied p's bytes alone.
  subroutine a_from_p_a()
    real, target :: a(8)
    real, pointer :: p(:)
    integer :: i
    a = [(real(i), i = 1, 8)]
    p => a(2:5)
    !$omp target enter data map(to: a)
    !$omp target enter data map(to: p)
    !$omp target
      a(1) = -1.0
      p(1) = -2.0
      a(8) = -8.0
    !$omp end target
    !$omp target exit data map(from: p, a)
    call report('A', a(1) == -1.0 .and. a(2) == -2.0 .and. a(8) == -8.0 &
                .and. a(3) == 3.0)
  end subroutine

  ! a's release came first and copied nothing, p's ended the copy.
  subroutine b_release_p_from_a()
    real, target :: a(8)
    real, pointer :: p(:)
    integer :: i
    a = [(real(i), i = 1, 8)]
    p => a(2:5)
    !$omp target enter data map(to: a)
    !$omp target enter data map(to: p)
    !$omp target
      a(1) = -1.0
      a(8) = -8.0
    !$omp end target
    !$omp target exit data map(release: p) map(from: a)
    call report('B', a(1) == -1.0 .and. a(8) == -8.0)
  end subroutine

  ! p's delete ended the copy before a's release.
  subroutine c_from_a_delete_p()
    real, target :: a(8)
    real, pointer :: p(:)
    integer :: i
    a = [(real(i), i = 1, 8)]
    p => a(2:5)
    !$omp target enter data map(to: a)
    !$omp target enter data map(to: p)
    !$omp target
      a(1) = -1.0
      a(8) = -8.0
    !$omp end target
    !$omp target exit data map(from: a) map(delete: p)
    call report('C', a(1) == -1.0 .and. a(8) == -8.0)
  end subroutine

  ! Two sections of a whole array entered once: a(5:6)'s release ended
  ! the copy, a(1:2) found nothing.
  subroutine d_two_sections()
    real :: a(8)
    integer :: i
    a = [(real(i), i = 1, 8)]
    !$omp target enter data map(to: a)
    !$omp target
      a(1) = -1.0
      a(6) = -6.0
    !$omp end target
    !$omp target exit data map(from: a(1:2), a(5:6))
    call report('D', a(1) == -1.0 .and. a(6) == -6.0 .and. a(8) == 8.0)
  end subroutine

  ! A scalar pointer to an element.
  subroutine e_scalar_pointer()
    real, target :: a(8)
    real, pointer :: s
    integer :: i
    a = [(real(i), i = 1, 8)]
    s => a(3)
    !$omp target enter data map(to: a)
    !$omp target enter data map(to: s)
    !$omp target
      a(1) = -1.0
      s = -3.0
    !$omp end target
    !$omp target exit data map(from: s, a)
    call report('E', a(1) == -1.0 .and. a(3) == -3.0)
  end subroutine
end program
