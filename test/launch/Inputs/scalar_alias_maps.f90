! A scalar name of an array's element mapped with the array by one target
! construct: a scalar POINTER (explicit and implicit maps), two pointers to
! one element, EQUIVALENCE, an ASSOCIATE name, a record POINTER into an
! array of records (with and without allocatable components), and an array
! pointer into records with allocatable components. Each line prints what
! it got and whether that is right.
program scalar_alias_maps
  implicit none
  call explicit_first()
  call implicit_first()
  call two_pointers()
  call equivalenced()
  call associated()
  call plain_records()
  call records_alloc()
  call records_alloc_section()
contains
  subroutine report(tag, ok, got)
    character(*), intent(in) :: tag
    logical, intent(in) :: ok
    real, intent(in) :: got(:)
    write (*, '(a, ":", *(1x, f7.1))', advance='no') tag, got
    if (ok) then
      print '(a)', ' PASS'
    else
      print '(a)', ' FAIL'
    end if
  end subroutine

  subroutine fill(a)
    real, intent(out) :: a(:)
    integer :: i
    do i = 1, size(a)
      a(i) = i
    end do
  end subroutine

  subroutine explicit_first()
    real, target :: a(100)
    real, pointer :: p
    call fill(a)
    p => a(7)
    !$omp target map(tofrom: p, a)
      p = p + 1000.0
      a(8) = a(8) + 1.0
    !$omp end target
    call report('A', a(7) == 1007.0 .and. a(8) == 9.0, [a(7), a(8)])
  end subroutine

  subroutine implicit_first()
    real, target :: a(100)
    real, pointer :: p
    call fill(a)
    p => a(7)
    !$omp target
      p = p + 1000.0
      a(8) = a(8) + 1.0
    !$omp end target
    call report('B', a(7) == 1007.0 .and. a(8) == 9.0, [a(7), a(8)])
  end subroutine

  subroutine two_pointers()
    real, target :: a(100)
    real, pointer :: p, p2
    call fill(a)
    p => a(7)
    p2 => a(7)
    !$omp target map(to: p) map(from: p2)
      p2 = 55.0
    !$omp end target
    call report('C', a(7) == 55.0, [a(7)])
  end subroutine

  subroutine equivalenced()
    real :: a(100), x
    equivalence (x, a(7))
    call fill(a)
    !$omp target map(tofrom: x, a)
      x = x + 1000.0
      a(8) = a(8) + 1.0
    !$omp end target
    call report('D', a(7) == 1007.0 .and. a(8) == 9.0, [a(7), a(8)])
  end subroutine

  subroutine associated()
    real, target :: a(100)
    call fill(a)
    associate (e => a(7))
      !$omp target map(tofrom: e, a)
        e = e + 1000.0
        a(8) = a(8) + 1.0
      !$omp end target
    end associate
    call report('E', a(7) == 1007.0 .and. a(8) == 9.0, [a(7), a(8)])
  end subroutine

  subroutine plain_records()
    type t
      real :: x
      integer :: k
    end type
    type(t), target :: rs(10)
    type(t), pointer :: rp
    integer :: i
    do i = 1, 10
      rs(i) = t(real(i), 10 * i)
    end do
    rp => rs(3)
    !$omp target
      rp%x = rp%x + 100.0
      rs(4)%k = rs(4)%k + 1
    !$omp end target
    call report('F', rs(3)%x == 103.0 .and. rs(4)%k == 41, &
                [rs(3)%x, real(rs(4)%k)])
  end subroutine

  subroutine records_alloc()
    type t
      real :: x
      real, allocatable :: v(:)
    end type
    type(t), target :: rs(4)
    type(t), pointer :: rp
    integer :: i, j
    do i = 1, 4
      rs(i)%x = i
      rs(i)%v = [(10.0 * i + j, j = 1, 3)]
    end do
    rp => rs(3)
    !$omp target
      rp%x = rp%x + rp%v(2)
      rp%v(1) = -1.0
      rs(4)%v(3) = rs(4)%v(3) + 1.0
      rs(4)%x = rs(4)%x + 1.0
    !$omp end target
    call report('G', rs(3)%x == 35.0 .and. rs(3)%v(1) == -1.0 .and. &
                rs(4)%v(3) == 44.0 .and. rs(4)%x == 5.0, &
                [rs(3)%x, rs(3)%v(1), rs(4)%v(3), rs(4)%x])
  end subroutine

  subroutine records_alloc_section()
    type t
      real :: x
      real, allocatable :: v(:)
    end type
    type(t), target :: rs(4)
    type(t), pointer :: rq(:)
    integer :: i, j
    do i = 1, 4
      rs(i)%x = i
      rs(i)%v = [(10.0 * i + j, j = 1, 3)]
    end do
    rq => rs(3:3)
    !$omp target map(tofrom: rq, rs)
      rq(1)%x = rq(1)%x + rq(1)%v(2)
      rs(4)%x = rs(4)%x + 1.0
    !$omp end target
    call report('H', rs(3)%x == 35.0 .and. rs(4)%x == 5.0 .and. &
                rs(3)%v(2) == 32.0, [rs(3)%x, rs(4)%x, rs(3)%v(2)])
  end subroutine
end program
