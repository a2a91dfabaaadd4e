include 'consts.inc'
