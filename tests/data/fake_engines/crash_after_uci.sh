#!/bin/sh
# A fake UCI engine that exits (status 3) right after reading "uci".
read -r line
echo "id name Fake Crash"
exit 3
