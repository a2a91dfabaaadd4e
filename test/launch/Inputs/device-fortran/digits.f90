! flang's list-directed digits for REAL(4) and REAL(8), against its host
! runtime (device-fortran.test): values whose shortest digits are not the
! ones nearest the value (flang takes the mean of the bounds' first
! differing digits), integers whose ulp is over 1, the F/E boundary at 0.1
! (decided on the exact value rounded to one digit), the largest, smallest
! and subnormal values. Bit patterns from random draws checked once
! against flang-22.
program digits
  implicit none
  integer(8) :: i8(208)
  integer(4) :: i4(107)
  real(8) :: r8(208)
  real(4) :: r4(107)
  equivalence (i8, r8), (i4, r4)
  integer :: j
  data i8 /z'10b4de21745ebf97', z'3fb02b3506803870', z'3f97c3360becc69e', z'3f6c827d6c42ee0b',&
    z'7441505b95151234', z'0459d2f40fe0564c', z'4705b04170490008', z'3fb292175a46cb94',&
    z'3fb6a2ce5cf68950', z'3f83c69b9064acdc', z'7109e1cd3e1a14f2', z'3f8315706738d096',&
    z'071499e83f77e472', z'3f8123c976b492ae', z'03f7d891fa3a0776', z'0fa2fc70d8fe52f8',&
    z'3e637673b05f9e08', z'3fb84c3010b60a11', z'3f81439432831356', z'56da194623f6ce00',&
    z'3fb229bcf029db52', z'3fb625811d9c5f94', z'3f6f4496a847773f', z'3fc9c84d1cbe64f0',&
    z'3f5ce7a26fffff8c', z'3f51e922a958c7a4', z'3fb78fad0d325a38', z'3f96698ac1d92afe',&
    z'4df005af310829ec', z'3fb2c57d97ec66e9', z'3fb702d24c2549d2', z'3fb9575c087b808f',&
    z'3f607f7bf2ef6a98', z'3f807fe0b5d89db6', z'3fb8599ae9930051', z'3f9b49d4ef6cc50e',&
    z'6bcbbc51a0d271d7', z'550cd98e3fd0c84f', z'3f84078e4b7ea1c8', z'3f515031addca4dc',&
    z'3f824868f46350c0', z'298c21ba5a4775f8', z'3f8558aa32b35c3d', z'3f67e2786bfa6ce2',&
    z'3f91e4294641aa6e', z'3fb219dcaf1cf8e2', z'3e69398bc8ffbc8b', z'3fb2e30908cf3a40',&
    z'3f8af1c411c4b1f3', z'3f53ca6c08140d41', z'3fb3ed57fd7900d2', z'3f8176fed7bfafac',&
    z'3f745b786c5361b1', z'5d15d50dd505dfe5', z'3f82838c245403ee', z'3fb8f609a158085b',&
    z'3fb2dfaa9237f0ac', z'3fb2a04560ce8cf1', z'13930b68c0ac79dc', z'2b9a7a55c496c1c8',&
    z'7a1338f6c62f9ab0', z'014af67d22fc8104', z'662ee61c9fe60efb', z'33ec092fe3d69b01',&
    z'3f71b9051c26202c', z'3f7004510473c778', z'3fb81ba77156f9d4', z'34302e5a71e3b63e',&
    z'6fc25e9ff3f6344f', z'25f40d9c8e4f1d83', z'3fb3a09bc8873f0e', z'5529582cf368a7a4',&
    z'0245fb9cfd80eda2', z'4fae8978376060af', z'1fad6ea111ef0b59', z'3fb521829c62b057',&
    z'3f836a18e3749210', z'79061ffb9621a9d3', z'3f932e54e8d94f28', z'3f7e73e89f379e51',&
    z'3fb73a4442fe8591', z'3fafe3eb448e8226', z'3f8e188f161692ea', z'3fb598acf7519d62',&
    z'1595f16ea617ad4d', z'3f8f85015ca1d8c3', z'3fb0e9f7a19fe85f', z'7fe55e023e661e28',&
    z'65886209bf1fc521', z'3f5e505d0e757af1', z'3fb49893ad164ffb', z'5526c2db97946680',&
    z'3f5bf3673891b760', z'3f66e356413f3b9d', z'3de292c5c3301131', z'2b74ef0fc0085587',&
    z'3f9a3f432cd560ee', z'3f8a78a8d45a46c4', z'78eabc3a21041428', z'3f834bb708a124a8',&
    z'1873a6aa03d75a09', z'3f94c2486ceb3a35', z'3fb7868dd804f599', z'5e2de4d14bdb52c7',&
    z'142b6eb23a285c70', z'3f6abd65d020ca5e', z'3fb217dd3a140d9e', z'3f5e466eaeb05aa8',&
    z'3f5c7b3a0c2ea77f', z'5cc82e125689497f', z'3fb78497783fd394', z'407715a81df74194',&
    z'6e3d32789cedd8ab', z'4079c7331991b85f', z'3f80d33dd47fb063', z'2ff7605106299237',&
    z'7f4cf83889d6c97c', z'3fb48bd70aa4c77e', z'3fb4204c30365412', z'3f9cc2da09db0dfc',&
    z'33433e61bd8e02e3', z'3fb8dedb6961a19b', z'3f903d7e7588c7c9', z'3f8d56a1ec09b374',&
    z'3d19ce0eff828a31', z'3f99c823d27b2514', z'3fa70fa65f6862b9', z'70078b7ac8d06d57',&
    z'3f8ffaf5e47c686c', z'3f5f92fc20260de0', z'3fcbf7a81aa89094', z'54376fb5144ad2a4',&
    z'3b47d325d9db4cf9', z'186d7a4c8e2b86b8', z'3fab4f1ab2f1dd30', z'565b617104872863',&
    z'3fa2942aa9d059c3', z'3fa7f7b8b9df66eb', z'3fb49d912349387e', z'3fb38ab7604db6a2',&
    z'3fb6c3cf4bc8aae3', z'3f838edfc94f7cc0', z'72bf03da08fcc90d', z'27a2ddcd392e71f4',&
    z'3f5c17d6288b0f7c', z'3f61a80c5ef80f66', z'3fb93f70e72d36f6', z'0d7b2ea8f6dd6015',&
    z'3fa672103751d881', z'3fb0a7610e2b66c0', z'3f7e291aff586b45', z'77af3bd4d2b95b81',&
    z'22330a67aac0a780', z'3fa8b380e7aa33c4', z'3f94d4ab1218f3ca', z'3fa8b0f0d55b979c',&
    z'63d77f01eeae4612', z'487cdc9af7ecfe27', z'5c9851ae0dc3ad08', z'3d2a933cbaeca3bb',&
    z'3fb9309290d2292c', z'3fb8c9bba19fe770', z'3fb98bc694c9a380', z'3fb98030325cfe2d',&
    z'3fb8a21fb85e5f7d', z'3fb925c0981f231d', z'3fb8c5b680dc6700', z'3fb8ee21f1d8fb8c',&
    z'3fb95a7fb442f280', z'3fb8a891058805fb', z'3fb83a1801986703', z'3fb8737d4213fabb',&
    z'3fb8bd7c91b1e5eb', z'3fb9268ba7087e6c', z'3fb8be03b67f2136', z'3fb995cfa5f7f674',&
    z'3fb97236710f8d03', z'3fb872b05b76a3cc', z'3fb92fa5a1cca296', z'3fb8a49748dd5315',&
    z'3fb850d20244a395', z'3fb9268b3ea72a17', z'3fb9140e1d0d696c', z'3fb8599ae9930051',&
    z'3fb86db346c8d51b', z'3fb8df7425ba90b6', z'3fb8e5247ced34a3', z'3fb89b2e0c8b8df9',&
    z'3fb98fe3f5ae26e2', z'3fb8df1660668e76', z'3fb960652ca7c287', z'3fb87b81685c765c',&
    z'3fb93371a6bdf427', z'3fb85348adf809fc', z'3fb998eeffd5444f', z'3fb924258a4bb644',&
    z'3fb8d7c30c6129bf', z'3fb97cbaa1e30ff6', z'3fb856cf378116e2', z'3fb9575c087b808f',&
    z'7fefffffffffffff', z'0000000000000001', z'000fffffffffffff', z'0010000000000000',&
    z'3ff0000000000000', z'4330000000000001', z'4340000000000001', z'43e0000000000000'/
  data i4 /z'72a74de4', z'36f675cc', z'6b0d549b', z'728c105d',&
    z'39263059', z'729d0da9', z'0cb1e29c', z'0becd7b0',&
    z'2217bead', z'6b4cb242', z'238fd547', z'18f135d2',&
    z'1e7769b1', z'46f87718', z'6c66a787', z'5c90a958',&
    z'3f98e277', z'7aecbd38', z'6eeacbe2', z'2b1031d0',&
    z'0ede0d7a', z'795e8229', z'5269a9a5', z'2b0537e6',&
    z'0f17a300', z'3f63af83', z'72fdf202', z'66d22876',&
    z'51bc52d9', z'16d0cc5f', z'482c9cbc', z'10fbbd11',&
    z'30c4312d', z'570dc195', z'19f9919c', z'068739fa',&
    z'5fd43f37', z'58ee8571', z'7cf20724', z'7a529ba3',&
    z'7bdc968b', z'1a28f7b3', z'29540a6e', z'05e999f3',&
    z'4215a82a', z'4c4f9b06', z'2ac34446', z'22eddbbd',&
    z'31f51707', z'4e5b2a92', z'66934036', z'42594052',&
    z'31491e24', z'4efe2a1f', z'391ee9e5', z'597a1ecf',&
    z'149e259b', z'7abec539', z'272991b9', z'15b40aeb',&
    z'52e6b438', z'72a74de4', z'269e0d37', z'6513270e',&
    z'26a3a450', z'0c5c7fd0', z'128b2f33', z'523f0824',&
    z'092f902b', z'1818e811', z'5d9dc9f8', z'1531985d',&
    z'0ed90475', z'68e25d94', z'01e74ef5', z'36f675cc',&
    z'099950d8', z'1600a35a', z'6f03675a', z'6b0d549b',&
    z'11e20b8f', z'3d9c1724', z'1738f7d9', z'0d116ece',&
    z'6cad4a26', z'0f21ddb6', z'53ac94af', z'10c192cf',&
    z'1fb17c23', z'728c105d', z'39263059', z'2170b338',&
    z'209f76b5', z'153f48f1', z'729d0da9', z'0fd630f1',&
    z'13bd04cf', z'15e60af5', z'658cda14', z'0cb1e29c',&
    z'7f7fffff', z'00000001', z'00800000', z'3dc28f5c',&
    z'497423f6', z'4974240a', z'4d02bf0c'/
  do j = 1, size(r8)
    print *, r8(j)
  end do
  do j = 1, size(r4)
    print *, r4(j)
  end do
  print *, 999999.6, 999999.4, 9999995.0, 0.0951, 0.095, 0.0949, 9.5d15
end program digits
