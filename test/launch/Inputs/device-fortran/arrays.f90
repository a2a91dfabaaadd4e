program arrays
  implicit none
  integer :: i
  real :: m(2,3), t(3,2), x(6)
  real(8) :: dm(3,3), dv(3)
  integer :: im(2,2), iv(5)
  integer(8) :: lv(3)
  logical :: lg(4) = [.true., .false., .true., .true.]
  character(len=3) :: cs(3) = ['ab ', 'cde', 'f  ']
  m = reshape([(real(i), i = 1, 6)], [2, 3])
  x = [3.5, -1.0, 2.25, 8.0, 0.125, -4.0]
  dm = reshape([(real(i, 8)/4.0d0 - 0.5d0, i = 1, 9)], [3, 3])
  dv = [1.0d0, 2.0d0, 3.0d0]
  im = reshape([1, 2, 3, 4], [2, 2])
  iv = [5, -3, 9, 0, 2]
  lv = [10_8**12, -7_8, 3_8]
  print *, m
  print *, m(2, :), x(1:6:2), x(6:1:-1)
  print *, lg, cs, lv
  t = transpose(m)
  print *, t
  print *, matmul(m, t)
  print *, matmul(t, m)
  print *, matmul(dm, dv), matmul(dv, dm)
  print *, matmul(dm, dm)
  print *, matmul(im, im), transpose(im)
  print *, sum(x), product(x), maxval(x), minval(x)
  print *, sum(x, mask=x > 0.0), maxval(x, mask=x < 3.0), minval(x(2:5))
  print *, sum(dm), product(dv), maxval(dm), minval(dm)
  print *, sum(iv), product(iv(1:3)), maxval(iv), minval(iv)
  print *, sum(lv), product(lv), maxval(lv), minval(lv)
  print *, count(x > 1.0), any(x > 7.0), all(x > -5.0), any(iv > 10), all(lg)
  print *, dot_product(x, x), dot_product(dv, dv), dot_product(iv, iv), &
           dot_product(lv, lv)
  print *, sum([1.0e8, 1.0, -1.0e8]), sum([(0.1, i = 1, 10)]), &
           dot_product([16777216.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0])
end program
