!mod$ v1 sum:470d51172f24fda8
module deep
type::base
integer(4)::v=0_4
integer(4),allocatable::a(:)
end type
type,extends(base)::child
integer(4)::w=0_4
end type
end
