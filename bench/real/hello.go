// A small Go program for bench/real/run-real.sh to build (go build): it
// imports fmt, sort, strings and strconv, so the build compiles this file
// and links a few standard packages from GOROOT's prebuilt archives.
package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type entry struct {
	word  string
	count int
}

func main() {
	text := "the quick brown fox jumps over the lazy dog the end"
	counts := map[string]int{}
	for _, w := range strings.Fields(text) {
		counts[w]++
	}
	var list []entry
	for w, c := range counts {
		list = append(list, entry{w, c})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].count != list[j].count {
			return list[i].count > list[j].count
		}
		return list[i].word < list[j].word
	})
	for _, e := range list {
		fmt.Println(e.word + " " + strconv.Itoa(e.count))
	}
}
