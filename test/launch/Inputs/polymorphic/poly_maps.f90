! Polymorphic objects of an extended dynamic type, and CLASS(*) values, in
! target regions: each line's expected value is the serial program's.
module shapes
  implicit none
  type :: base
    integer :: v = 0
  contains
    procedure :: get => base_get
    procedure :: bump => base_bump
  end type
  type, extends(base) :: child
    integer :: w = 0
  contains
    procedure :: get => child_get
    procedure :: bump => child_bump
  end type
  type :: holder
    integer :: n = 0
    class(base), allocatable :: c
  end type
contains
  integer function base_get(self)
    !$omp declare target
    class(base), intent(in) :: self
    base_get = self%v
  end function
  integer function child_get(self)
    !$omp declare target
    class(child), intent(in) :: self
    child_get = self%v + self%w
  end function
  subroutine base_bump(self)
    !$omp declare target
    class(base), intent(inout) :: self
    self%v = self%v + 1
  end subroutine
  subroutine child_bump(self)
    !$omp declare target
    class(child), intent(inout) :: self
    self%v = self%v + 1
    self%w = self%w + 1
  end subroutine

  ! An array dummy: only the base part of each element reached the device.
  subroutine sum_array(b)
    class(base), intent(in) :: b(:)
    integer :: i, s
    s = 0
    !$omp target map(tofrom: s)
    do i = 1, size(b)
      s = s + b(i)%v
    end do
    !$omp end target
    print '(a, i0)', 'A sum 10: ', s
  end subroutine

  subroutine bump_section(b)
    class(base), intent(inout) :: b(:)
    integer :: i
    !$omp target map(tofrom: b(2:3))
    do i = 2, 3
      b(i)%v = b(i)%v + 1
    end do
    !$omp end target
  end subroutine

  subroutine call_get(b)
    class(base), intent(in) :: b
    integer :: r
    !$omp target map(from: r)
    r = b%get()
    !$omp end target
    print '(a, i0)', 'C get 1001: ', r
  end subroutine

  subroutine plus_one(x)
    class(*), intent(in) :: x
    integer :: r
    r = -1
    !$omp target map(tofrom: r)
    select type (x)
    type is (integer)
      r = x + 1
    end select
    !$omp end target
    print '(a, i0)', 'E value 42: ', r
  end subroutine
end module

program poly_maps
  use shapes
  implicit none
  type(child) :: c(4), one
  class(base), allocatable :: p
  type(holder) :: h
  integer :: i, r
  do i = 1, 4
    c(i)%v = i
    c(i)%w = 10 * i
  end do
  call sum_array(c)
  call bump_section(c)
  print '(a, 4i3)', 'B v 1 3 4 4:', c%v
  one = child(1, 1000)
  call call_get(one)
  allocate(p, source=child(10, 20))
  !$omp target map(tofrom: p)
  call p%bump()
  !$omp end target
  select type (p)
  type is (child)
    print '(a, 2i3)', 'D vw 11 21:', p%v, p%w
  end select
  call plus_one(41)
  allocate(h%c, source=child(5, 1000))
  !$omp target map(tofrom: h) map(from: r)
  r = h%c%get()
  !$omp end target
  print '(a, i0)', 'F get 1005: ', r
end program
