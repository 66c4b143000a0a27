module example.com/goasync

go 1.19
