// Goroutine workload for tests/jit/run-jit-tests.sh: channels, a worker
// pool, time.After, a Ticker, sync.WaitGroup and a goroutine spinning in a
// loop without calls that only asynchronous preemption (SIGURG) can stop
// while GOMAXPROCS is 1, and nil dereferences recovered from SIGSEGV.
// Output must not depend on timing.
package main

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

func hot(seed uint64, n int) uint64 {
	x, s := seed, uint64(0)
	for i := 0; i < n; i++ {
		x = (x*1103 + 12345) % 1048573
		s = (s + x%1000) % 1000000007
	}
	return s
}

func pool() {
	jobs := make(chan int, 8)
	results := make(chan [2]uint64, 8)
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				results <- [2]uint64{uint64(j), hot(uint64(j), 200000)}
			}
		}()
	}
	go func() {
		for j := 0; j < 32; j++ {
			jobs <- j
		}
		close(jobs)
	}()
	go func() { wg.Wait(); close(results) }()
	var got [][2]uint64
	for r := range results {
		got = append(got, r)
	}
	sort.Slice(got, func(a, b int) bool { return got[a][0] < got[b][0] })
	var sum uint64
	for _, r := range got {
		sum += r[1]
	}
	fmt.Println("pool", len(got), sum, got[5][1])
}

func timers() {
	ticker := time.NewTicker(5 * time.Millisecond)
	ticks := 0
	timeout := time.After(2 * time.Second)
loop:
	for {
		select {
		case <-ticker.C:
			ticks++
			if ticks == 10 {
				break loop
			}
		case <-timeout:
			break loop
		}
	}
	ticker.Stop()
	fmt.Println("ticks", ticks)
	select {
	case <-time.After(20 * time.Millisecond):
		fmt.Println("after fired")
	case <-time.After(5 * time.Second):
		fmt.Println("wrong timer fired")
	}
	tm := time.NewTimer(time.Hour)
	fmt.Println("stopped", tm.Stop())
}

var stop int32
var spins uint64

// spin has no calls in its loop, so the compiler puts no preemption check
// in it: with one P only the SIGURG-driven async preemption lets main run.
func spin(done chan<- bool) {
	n := uint64(0)
	for atomic.LoadInt32(&stop) == 0 {
		n++
	}
	atomic.StoreUint64(&spins, n)
	done <- true
}

func preempt() {
	old := runtime.GOMAXPROCS(1)
	done := make(chan bool)
	go spin(done)
	runtime.Gosched() // let the spinner take the only P
	<-time.After(50 * time.Millisecond)
	atomic.StoreInt32(&stop, 1)
	select {
	case <-done:
		fmt.Println("spinner stopped", atomic.LoadUint64(&spins) > 0)
	case <-time.After(20 * time.Second):
		fmt.Println("spinner did not stop")
		os.Exit(1)
	}
	runtime.GOMAXPROCS(old)
}

func pingpong() {
	a, b := make(chan int), make(chan int)
	go func() {
		for v := range a {
			b <- v + 1
		}
		close(b)
	}()
	v := 0
	for i := 0; i < 20000; i++ {
		a <- v
		v = <-b
	}
	close(a)
	fmt.Println("pingpong", v)
}

func gc() {
	var keep [][]byte
	total := 0
	for i := 0; i < 2000; i++ {
		b := make([]byte, 1<<14)
		b[i%len(b)] = byte(i)
		total += len(b)
		if i%100 == 0 {
			keep = append(keep, b)
		}
	}
	runtime.GC()
	fmt.Println("gc", total, len(keep))
}

type node struct{ next *node }

// traps: a nil dereference is a SIGSEGV the runtime turns into a panic
// that recover catches; the divide check and bounds check are compiled in.
func traps() {
	caught := 0
	for i := 0; i < 1000; i++ {
		func() {
			defer func() {
				if recover() != nil {
					caught++
				}
			}()
			var p *node
			if i%2 == 0 {
				p = &node{}
			}
			_ = p.next.next
		}()
	}
	zero := 0
	func() {
		defer func() { fmt.Println("divide", recover() != nil) }()
		fmt.Println(10 / zero)
	}()
	fmt.Println("nil panics", caught)
}

func main() {
	traps()
	pool()
	timers()
	preempt()
	pingpong()
	gc()
	var m sync.Mutex
	var wg sync.WaitGroup
	count := 0
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10000; i++ {
				m.Lock()
				count++
				m.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Println("mutex", count)
}
